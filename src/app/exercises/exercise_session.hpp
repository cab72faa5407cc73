#pragma once
// The open exercise and the student's progress, held in AppState (exercise_state.hpp acts on it).

#include "exercises/exercise.hpp"

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace kpg::app {

enum class ExerciseStatus { Open, Solved, Failed };

// Solved / attempted per exercise id, kept by the page in localStorage (exercise_page.js).
struct ExerciseProgress {
  bool solved = false;
  int attempts = 0;
};

// What the panel's answer field holds between frames (a number typed for exerciseId).
struct ExerciseAnswerInput {
  std::string exerciseId;
  double number = 0;
};

// Instructor mode: the fields of a definition made on the canvas as it is now (the panel's text
// fields edit these buffers in place).
struct InstructorDraft {
  char id[64] = "my-exercise";
  char title[200] = "";
  char section[200] = "";
  char prompt[2000] = "";
  char hints[2000] = "";  // one per line
  int kind = 0;           // GoalKind
  int point = 0, i = 0, j = 1, component = 0;
  double tolerance = 1e-3;
  int parameter = 0;  // C, γ
  int property = 0;   // margin, separates
  double atLeast = 0.5;
  int maxSupportVectors = 10;
  int quantity = 0;
  char tutorial[64] = "hand-solved-svm";
  char value[64] = "alpha_1";
  bool locks[kLockedControlCount] = {true, true, true, true, true, true, true};
  std::string error;
};

// What a check saw (exercise_state.cpp checkedFingerprint): the canvas's data and model, the
// method's state and the student's own plane. When it differs from now, the feedback shown is
// about an earlier state, and the panel says so.
struct CheckedFingerprint {
  std::uint64_t problem = 0, model = 0, modes = 0;
  std::array<double, 4> plane{};  // shown, azimuth, elevation, offset
  std::vector<int> selected;
  bool operator==(const CheckedFingerprint& o) const {
    return problem == o.problem && model == o.model && modes == o.modes && plane == o.plane &&
           selected == o.selected;
  }
};

struct ExerciseSession {
  std::optional<Exercise> open;
  bool builtin = false;  // the open exercise is one of builtinExercises() (its link names it)
  ExerciseStatus status = ExerciseStatus::Open;
  int attempts = 0;
  std::string feedback;
  CheckedFingerprint checked;  // the state the feedback is about
  int hintsShown = 0;
  std::vector<int> selected;  // points picked on the canvas for a point answer (the panel)
  Locks locksBefore;          // the page's locks, given back when the exercise closes
  bool liveBefore = true;     // the lab's Live, given back when the exercise closes
  std::map<std::string, ExerciseProgress> progress;
  std::uint64_t progressRevision = 0;  // bumped on every change (the page saves then)
  bool instructor = false;  // the panel shows instructor mode (address parameter instructor=1)
  bool listShown = false;   // the list of exercises is shown in the pair panel's place
  ExerciseAnswerInput answerInput;
  InstructorDraft draft;
};

}  // namespace kpg::app
