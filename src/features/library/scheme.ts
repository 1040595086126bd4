/** Read-only documents of library files: doc-translate-library:/<file id>/<name> (the name last, for the language). */
export const LIBRARY_SCHEME = 'doc-translate-library';
