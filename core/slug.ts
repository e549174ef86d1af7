/** Slugs name things in URLs: lowercase ASCII words joined by single hyphens. */
export const SLUG_PATTERN_SOURCE = "[a-z0-9]+(-[a-z0-9]+)*";
export const SLUG_MAX_LENGTH = 100;
