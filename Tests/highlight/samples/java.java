package com.example.shutterbug.sync;

import java.time.Duration;
import java.util.*;
import java.util.concurrent.ConcurrentHashMap;
import static java.util.Objects.requireNonNull;

/**
 * Uploads queued photos to the companion server.
 * Shared with the Android client, hence Java and not Swift.
 */
public final class UploadQueue implements AutoCloseable {
    private static final int MAX_RETRIES = 3;
    private static final long TIMEOUT_MS = 30_000L;
    private static final double BACKOFF = 1.5e0;

    private final Map<String, Integer> attempts = new ConcurrentHashMap<>();
    private final Deque<Upload> pending = new ArrayDeque<>();
    private volatile boolean closed;

    public record Upload(String id, byte[] data, Duration timeout) {}

    public UploadQueue(Collection<Upload> initial) {
        requireNonNull(initial, "initial uploads");
        pending.addAll(initial);
    }

    @Override
    public synchronized void close() {
        closed = true;
        pending.clear();
    }

    public synchronized Optional<Upload> next() {
        if (closed || pending.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(pending.pollFirst());
    }

    /* Returns true when the upload should be retried. */
    boolean recordFailure(Upload upload, Exception error) {
        int count = attempts.merge(upload.id(), 1, Integer::sum);
        System.err.printf("upload %s failed (%d/%d): %s%n", upload.id(), count, MAX_RETRIES, error);
        if (count >= MAX_RETRIES) {
            attempts.remove(upload.id());
            return false;
        }
        long delay = (long) (TIMEOUT_MS * Math.pow(BACKOFF, count)) >> 1;
        var label = switch (count) {
            case 1 -> "first retry";
            case 2 -> "second retry";
            default -> "retry #" + count;
        };
        log(label + " in " + delay + "ms", '\t');
        return true;
    }

    private static void log(String message, char separator) {
        String json = """
            {"event": "retry", "message": "%s"}
            """.formatted(message.replace("\"", "\\\""));
        System.out.println("[upload]" + separator + json);
    }
}
