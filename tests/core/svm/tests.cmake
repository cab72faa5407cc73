target_sources(kpg_core_tests PRIVATE
)
