-- Schema and queries for the blog's comment moderation queue.
/* Runs on SQLite and Postgres; /* nested */ comments are fine in Postgres. */

CREATE TABLE IF NOT EXISTS posts (
    id          INTEGER PRIMARY KEY,
    slug        VARCHAR(120) NOT NULL UNIQUE,
    title       TEXT NOT NULL,
    published   BOOLEAN DEFAULT FALSE,
    created_at  DATE NOT NULL
);

CREATE TABLE comments (
    id         SERIAL PRIMARY KEY,
    post_id    INTEGER REFERENCES posts (id) ON DELETE CASCADE,
    author     VARCHAR(80),
    body       TEXT,
    score      DECIMAL(5, 2) DEFAULT 0,
    status     CHAR(1) CHECK (status IN ('p', 'a', 's'))
);

CREATE INDEX comments_by_post ON comments (post_id, status);

INSERT INTO posts (slug, title, published, created_at)
VALUES ('hello-world', 'Hello, World', TRUE, '2024-01-15'),
       ('dont-panic', 'Don''t Panic: Swift Concurrency', TRUE, '2024-03-02');

-- Pending comments with a spam score above the threshold.
SELECT c.id,
       p.title AS "Post title",
       c.author,
       length(c.body) / 80 + 1 AS lines,
       COALESCE(c.score, 0) * 100 AS pct
  FROM comments AS c
  JOIN posts p ON p.id = c.post_id
 WHERE c.status = 'p'
   AND c.score >= 0.75
   AND c.body NOT LIKE '%http%'
 ORDER BY c.score DESC, c.id
 LIMIT 20 OFFSET 40;

UPDATE comments
   SET status = CASE WHEN score > 0.9 THEN 's' ELSE 'a' END
 WHERE status = 'p' AND post_id IN (SELECT id FROM posts WHERE published);

WITH monthly AS (
    SELECT strftime('%Y-%m', created_at) AS month, count(*) AS n
      FROM posts
     GROUP BY 1
    HAVING count(*) > 2
)
SELECT month, n, sum(n) OVER (ORDER BY month) AS running_total
  FROM monthly;

DELETE FROM comments WHERE author IS NULL OR trim(body) = '';

BEGIN;
ALTER TABLE posts ADD COLUMN word_count INTEGER DEFAULT 0;
COMMIT;
