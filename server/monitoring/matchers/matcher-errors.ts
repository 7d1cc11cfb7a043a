/**
 * A work or a found file the matchers cannot read (corrupt, too small, too long, a tool refused it).
 * The message is Chinese and meant for the user; callers show it instead of a stack trace.
 */
export class MatcherInputError extends Error {
  override readonly name = "MatcherInputError";
}
