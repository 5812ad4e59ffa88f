/** Where the messages of the e2e server on `port` are written, one `.eml` file each. */
export function e2eMailDir(port: string | number): string;
/** Starts the SMTP server on a free port of 127.0.0.1; resolves to its smtp:// URL and a stop function. */
export function startE2eSmtp(dir: string): Promise<{ url: string; stop: () => void }>;
