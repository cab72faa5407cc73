#!/usr/bin/python3
"""Writes src/cli/hot_sections.txt: the code sections `kpg` runs in everyday use, for the linker.

Why: peak memory is a goal of the engine's benchmark (bench/engine_vs_libsvm.py, "peak memory <= svm-train's at
the same -m"), and a code page counts once it is touched; the kernel then maps its page-cache
neighbours too (fault-around, 64 KiB). On digits the 349 functions `kpg train` runs are 296 KB of
code, yet they lay over 24 windows of 64 KiB of the 2.1 MB text, spread among the functions of
the other commands: 1.59 MB of kpg's binary was resident against 1.05 MB of code for svm-train,
libsvm, libstdc++ and libgcc_s together. Listed in --section-ordering-file (GNU gold), these
sections are laid out first and together (src/cli/CMakeLists.txt).

How: each workload below runs under valgrind's callgrind, and every function executed in kpg's
own binary is listed as its section, .text.<mangled name> (the build has one section per
function: -ffunction-sections, and Debian's libstdc++.a is built so too), with every clone of a
target_clones family (the instruction set that runs here is not the user's). A name that a later
change removes only goes unused, and a new function is laid out among the rest, so the list is
regenerated when the hot paths change, not for every change:

    /usr/bin/python3 src/cli/hot_sections.py build/native/src/cli/kpg

Needs valgrind, python3-sklearn (the digits, as the benchmark) and ../shared/data/libsvm.
"""
import os
import re
import subprocess
import sys
import tempfile

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "..", "..", "..", "shared", "data", "libsvm")


def write_dense(path, x, y):
    with open(path, "w") as f:
        for row, label in zip(x, y):
            f.write("%g %s\n" % (label, " ".join("%d:%.17g" % (i + 1, v)
                                                  for i, v in enumerate(row) if v != 0)))


def workloads(tmp):
    from sklearn.datasets import load_digits, make_moons
    rng = np.random.RandomState(5)
    digits = load_digits()
    write_dense(os.path.join(tmp, "digits"), digits.data, digits.target + 1)
    x, y = make_moons(3000, noise=0.2, random_state=5)
    write_dense(os.path.join(tmp, "moons"), x, 2 * y - 1)  # N > 1 000: the column cache
    with open(os.path.join(tmp, "sparse"), "w") as f:  # sparse rows (preferSparseStorage)
        for _ in range(600):
            idx = np.sort(rng.choice(5000, 30, replace=False)) + 1
            f.write("%d %s\n" % (rng.choice([-1, 1]),
                                 " ".join("%d:%.6g" % (i, rng.rand()) for i in idx)))
    heart = os.path.join(DATA, "heart_scale")
    t = lambda name: os.path.join(tmp, name)
    return [
        ["train", "-c", "1", t("digits"), t("digits.model")],
        ["predict", t("digits"), t("digits.model"), t("digits.out")],
        ["train", "-c", "1", t("moons"), t("moons.model")],
        ["train", "-c", "1", t("sparse"), t("sparse.model")],
        ["train", heart, t("heart.model")],
        ["predict", heart, t("heart.model"), t("heart.out")],
        ["scale", "-l", "-1", "-u", "1", heart],
    ]


def executed_functions(kpg, args, tmp):
    out = os.path.join(tmp, "callgrind.out")
    subprocess.run(["valgrind", "--tool=callgrind", "--demangle=no", "--callgrind-out-file=" + out,
                    kpg] + args, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    objects, functions, executed, current = {}, {}, set(), None
    for line in open(out):
        m = re.match(r"^(c?ob)=\((\d+)\)(?: (.*))?$", line.rstrip("\n"))
        if m:
            if m.group(3):
                objects[m.group(2)] = m.group(3)
            if m.group(1) == "ob":
                current = objects.get(m.group(2))
            continue
        m = re.match(r"^(c?fn)=\((\d+)\)(?: (.*))?$", line.rstrip("\n"))
        if m:
            if m.group(3):
                functions[m.group(2)] = m.group(3)
            if m.group(1) == "fn" and current == os.path.realpath(kpg):
                executed.add(functions[m.group(2)])
    return executed


def section_names(name):
    """The sections GCC puts the code of symbol `name` in (with -ffunction-sections)."""
    if name.endswith(".cold"):  # the cold part of a function split by -freorder-blocks-and-partition
        return {".text.unlikely." + name[:-len(".cold")]}
    if name == "main" or name.startswith("_GLOBAL__sub_I_"):  # run once, at start-up
        return {".text.startup." + name}
    names = {".text." + name}
    # The complete-object constructor and destructor (C1, D1) are aliases of the base-object
    # ones (C2, D2), whose names the section takes.
    for alias, own in (("C1E", "C2E"), ("C1I", "C2I"), ("D1E", "D2E")):
        if alias in name:
            names.add(".text." + name.replace(alias, own, 1))
    return names


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: hot_sections.py path/to/kpg")
    kpg = os.path.realpath(sys.argv[1])
    symbols = subprocess.run(["nm", kpg], capture_output=True, text=True, check=True).stdout
    code = {p[2] for p in (l.split() for l in symbols.splitlines())
            if len(p) == 3 and p[1] in "tTwWi"}
    clone = re.compile(r"^(.*)\.(default|resolver|avx2|avx512f|arch_[a-z0-9_]+|sse4_2)$")
    families = {}
    for name in code:
        m = clone.match(name)
        if m:
            families.setdefault(m.group(1), set()).add(name)
    with tempfile.TemporaryDirectory(prefix="kpg_hot_") as tmp:
        hot = set()
        for args in workloads(tmp):
            hot |= executed_functions(kpg, args, tmp)
    sections = set()
    for name in hot:
        m = clone.match(name)
        base = m.group(1) if m else name
        for member in families.get(base, {name}) | {name}:
            sections.update(section_names(member))
    with open(os.path.join(HERE, "hot_sections.txt"), "w") as f:
        for s in sorted(sections):
            f.write(s + "\n")
    print("%d sections from %d functions run" % (len(sections), len(hot)))


if __name__ == "__main__":
    main()
