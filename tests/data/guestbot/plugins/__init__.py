"""The bot's own plugins directory (a package named `plugins`, as many bots have)."""
