#!/usr/bin/python3
"""Writes iris.csv and wine.csv the way people have them: what pandas' DataFrame.to_csv(index=False)
writes for seaborn's iris (a header, the species as text in the last column) and for
scikit-learn's load_wine(as_frame=True).frame (a header, the class number 0/1/2 in the last
column, named 'target'). pandas is not needed: to_csv writes the header, then each row with
floats as repr() and strings unquoted, one '\\n' a line, which the csv module reproduces.

Run from this folder: /usr/bin/python3 make_csv_examples.py (Debian's python3-sklearn).
"""
import csv

from sklearn.datasets import load_iris, load_wine


def write(path, header, rows):
    with open(path, "w", newline="") as f:
        out = csv.writer(f, lineterminator="\n")
        out.writerow(header)
        out.writerows(rows)


iris = load_iris()
# seaborn's iris.csv and pandas' read of the UCI file name the columns so.
write("iris.csv", ["sepal_length", "sepal_width", "petal_length", "petal_width", "species"],
      [[repr(float(v)) for v in x] + [iris.target_names[t]] for x, t in zip(iris.data, iris.target)])

wine = load_wine()
write("wine.csv", list(wine.feature_names) + ["target"],
      [[repr(float(v)) for v in x] + [str(int(t))] for x, t in zip(wine.data, wine.target)])
