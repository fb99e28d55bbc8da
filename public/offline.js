// The offline page tries again by itself when the connection returns.
window.addEventListener('online', () => window.location.reload());
