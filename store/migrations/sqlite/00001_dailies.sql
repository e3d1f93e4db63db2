-- +goose Up
-- One published puzzle per calendar day and level, written once (or
-- replaced by an editor before it is public) and served unchanged.
CREATE TABLE dailies (
    day         TEXT             NOT NULL CHECK (length(day) = 10), -- YYYY-MM-DD
    level       TEXT             NOT NULL CHECK (level IN ('easy', 'medium', 'hard', 'evil')),
    puzzle      TEXT             NOT NULL CHECK (length(puzzle) = 81),
    solution    TEXT             NOT NULL CHECK (length(solution) = 81),
    score       DOUBLE PRECISION NOT NULL,
    hardest     TEXT             NOT NULL,
    rated_level TEXT             NOT NULL,
    seed        BIGINT           NOT NULL, -- the generator's uint64 seed, bit for bit
    source      TEXT             NOT NULL CHECK (source IN ('generated', 'curated')),
    stored_at   TIMESTAMP        NOT NULL,
    PRIMARY KEY (day, level)
);

-- +goose Down
DROP TABLE dailies;
