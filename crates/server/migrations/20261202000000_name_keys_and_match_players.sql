-- Names compared as they look: each player's name key (the name after Unicode's NFKC and case
-- folding, written by the server, which fills it for the players before this migration and
-- then makes it unique), so that `CheckA`, `checka` and `ＣｈｅｃｋＡ` are one name.
ALTER TABLE players ADD COLUMN name_key TEXT;

-- Who played each match, by name exactly (a player's matches are found here, never by a
-- pattern inside the seats' JSON); filled by the server for the matches before it.
CREATE TABLE match_players (
    match_id BIGINT NOT NULL,
    name TEXT NOT NULL,
    PRIMARY KEY (match_id, name)
);

CREATE INDEX match_players_by_name ON match_players (name, match_id);

-- When each player's rating last changed (seconds since 1970; none before his first rated
-- match): his deviation grows by Glicko-2's rating periods from then until his next match.
ALTER TABLE players ADD COLUMN rated_at BIGINT;

-- A private room's match is watched with the room's code (none: anyone may watch it).
ALTER TABLE matches ADD COLUMN watch_code TEXT;
