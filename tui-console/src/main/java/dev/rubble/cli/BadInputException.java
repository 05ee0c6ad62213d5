package dev.rubble.cli;

/** Bad input found by a command (exit code 2). */
public final class BadInputException extends RuntimeException {
    public BadInputException(String message) {
        super(message);
    }
}
