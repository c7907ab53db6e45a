-- The carrom server's database: the same SQL for SQLite and PostgreSQL.
-- Players: a name claimed by its first user, who holds its token (only its SHA-256 is kept),
-- and the name's Glicko-2 rating.
CREATE TABLE players (
    name TEXT PRIMARY KEY,
    token_hash TEXT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    games BIGINT NOT NULL,
    wins BIGINT NOT NULL
);

-- Matches: the setup (JSON), who sits where (JSON), live or over, and how it ended.
CREATE TABLE matches (
    id BIGINT PRIMARY KEY,
    rated BIGINT NOT NULL,
    setup TEXT NOT NULL,
    seats TEXT NOT NULL,
    state TEXT NOT NULL,
    winners TEXT NOT NULL,
    how TEXT NOT NULL
);

-- Every action of every match, stored as the server applies it.
CREATE TABLE actions (
    match_id BIGINT NOT NULL,
    idx BIGINT NOT NULL,
    seat TEXT NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (match_id, idx)
);

CREATE INDEX matches_by_state ON matches (state);
CREATE INDEX players_by_rating ON players (rating);
