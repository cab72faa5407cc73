#pragma once
// The open exercise and the student's progress, held in AppState (exercise_state.hpp acts on it).

#include "exercises/exercise.hpp"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace kpg::app {

enum class ExerciseStatus { Open, Solved, Failed };

// Solved / attempted per exercise id, kept by the page in localStorage (index.html).
struct ExerciseProgress {
  bool solved = false;
  int attempts = 0;
};

struct ExerciseSession {
  std::optional<Exercise> open;
  bool builtin = false;  // the open exercise is one of builtinExercises() (its link names it)
  ExerciseStatus status = ExerciseStatus::Open;
  int attempts = 0;
  std::string feedback;
  int hintsShown = 0;
  std::vector<int> selected;  // points picked on the canvas for a point answer (the panel)
  Locks locksBefore;          // the page's locks, given back when the exercise closes
  std::map<std::string, ExerciseProgress> progress;
  std::uint64_t progressRevision = 0;  // bumped on every change (the page saves then)
  bool instructor = false;  // the panel shows instructor mode (address parameter instructor=1)
  bool listShown = false;   // the list of exercises is shown in the pair panel's place
};

}  // namespace kpg::app
