target_sources(kpg_reference_tests PRIVATE
)
