/** The folder-path grammar as a schema pattern, for the OpenAPI document. */
export const FOLDER_PATH_PATTERN = '^\\s*~\\s*(/[^/]+)*$';
