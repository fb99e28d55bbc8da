import { api } from '../../../lib/api-client';

/** POST /api/customer/logout: revokes the session on the server and clears its cookies. */
export const postLogout = () => api.post('customer/logout', { json: {}, retry: 0 });
