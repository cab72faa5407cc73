# Core test sources, one *_test.cpp per core source file, mirroring src/core/; each module
# lists its own in a tests.cmake beside them.
include(${CMAKE_CURRENT_LIST_DIR}/kernels/tests.cmake)
include(${CMAKE_CURRENT_LIST_DIR}/svm/tests.cmake)
include(${CMAKE_CURRENT_LIST_DIR}/data/tests.cmake)
include(${CMAKE_CURRENT_LIST_DIR}/perceptron/tests.cmake)
include(${CMAKE_CURRENT_LIST_DIR}/kernel_knn/tests.cmake)
include(${CMAKE_CURRENT_LIST_DIR}/kernel_kmeans/tests.cmake)
include(${CMAKE_CURRENT_LIST_DIR}/kernel_pca/tests.cmake)
include(${CMAKE_CURRENT_LIST_DIR}/fisher_discriminant/tests.cmake)
include(${CMAKE_CURRENT_LIST_DIR}/feature_space/tests.cmake)
include(${CMAKE_CURRENT_LIST_DIR}/tutorials/tests.cmake)
