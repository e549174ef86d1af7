/** Where media keys point when MEDIA_BASE_URL is not set (a reserved example domain). */
export const DEFAULT_MEDIA_BASE_URL = "https://media.surf-catalog.example";
