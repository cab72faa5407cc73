#pragma once
// The SVM lab as a method: SMO one pair update at a time (course-notes 003). Its state is the
// LabState itself (lab/lab_state.hpp), built and stepped by the lab's own actions (step, run,
// rewind: session/action_json.hpp) and shown by its own screen (svm_screen.cpp); its row only
// names it, so that the selector, links, sessions and exercises treat it like every method.

#include "modes/method.hpp"

namespace kpg::app {

// Its member of ModesState holds nothing: the lab's state is LabState, which every method reads.
struct SvmMode {};

}  // namespace kpg::app
