"""Every match remembered (pure): its record, the player's statistics, and a replay as a link."""
