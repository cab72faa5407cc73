#pragma once
// The catalogue of worked examples (the guided tutorials, `kpg example`): one id per
// tutorial, each derivable on the course notes' data or on the student's own points.

#include "tutorials/exact_points.hpp"
#include "tutorials/tutorial.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kpg {

struct TutorialInfo {
  std::string id;       // "hand-solved-svm"
  std::string summary;  // one line for `kpg example --list`
  std::string dataUse;  // what the student's points replace
  // Derives it on the notes' data (points null) or on the student's points.
  Tutorial (*derive)(const ExactPoints* points) = nullptr;
};

const std::vector<TutorialInfo>& tutorialCatalogue();

// Derives tutorial `id` on the notes' data, or on `points` when given. nullopt for an unknown id.
std::optional<Tutorial> deriveTutorial(std::string_view id, const ExactPoints* points = nullptr);

}  // namespace kpg
