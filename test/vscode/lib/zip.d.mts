// Types of zip.mjs for the harness's unit tests.
export function listZip(buf: Buffer): { name: string; size: number; compressedSize: number }[];
