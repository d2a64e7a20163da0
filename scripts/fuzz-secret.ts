// Production refuses to start without a secret of its own (issue 31 §7). The server the fuzz starts
// and the sessions it signs in with share this one; imported first by scripts/fuzz.ts, because app
// modules read the environment when they load.
process.env.SESSION_SECRET ??= "servicehub-fuzz-secret-0123456789";
