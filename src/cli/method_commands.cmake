target_sources(kpg PRIVATE
)
