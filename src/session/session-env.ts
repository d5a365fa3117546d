// The environment variable that marks an osf7501 session (its value is the session id): set in the child's
// environment; a shim that finds it runs its command directly (a session inside a session).
export const SESSION_ENV = 'OSF7501_SESSION';
