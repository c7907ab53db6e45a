-- Tournaments played on the server: who organizes each, where it stands, and the whole of it
-- as JSON (its plan, its players, the tournament crate's file of it once started, and the
-- match each game in play is played as), written after every change: nothing of a
-- tournament is kept only in memory. Its games are matches like any other.
CREATE TABLE tournaments (
    id BIGINT PRIMARY KEY,
    organizer TEXT NOT NULL,
    state TEXT NOT NULL,
    doc TEXT NOT NULL
);

CREATE INDEX tournaments_by_state ON tournaments (state);
