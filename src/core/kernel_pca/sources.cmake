target_sources(kpg_core PRIVATE
)
