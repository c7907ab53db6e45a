-- Each player's doubles rating (Weng-Lin for two teams, the skillratings crate), apart from
-- his singles one: none until his first rated doubles match.
ALTER TABLE players ADD COLUMN doubles_rating DOUBLE PRECISION;
ALTER TABLE players ADD COLUMN doubles_uncertainty DOUBLE PRECISION;
ALTER TABLE players ADD COLUMN doubles_games BIGINT NOT NULL DEFAULT 0;
ALTER TABLE players ADD COLUMN doubles_wins BIGINT NOT NULL DEFAULT 0;
