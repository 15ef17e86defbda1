"""The arena: games, matches and tournaments between agents, ratings, and students' agents in a sandbox."""
