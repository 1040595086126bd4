/** Read-only documents of operation outputs: doc-translate-output:/<document id>/<name> (the name last, for the language). */
export const OUTPUT_SCHEME = 'doc-translate-output';
