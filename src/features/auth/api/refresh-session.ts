import { api } from '../../../lib/api-client';

/**
 * POST /api/customer/refresh: the server reads the HttpOnly refresh cookie, rotates it and sets
 * fresh session cookies; 401 when the session cannot be renewed. No retry: a refresh token is
 * single-use, and a second attempt with the same one would look like theft.
 */
export const postRefresh = () => api.post('customer/refresh', { json: {}, retry: 0 });
