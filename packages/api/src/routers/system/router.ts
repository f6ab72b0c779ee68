import { createRouter } from '../../trpc.js';
import { getStatusRoute } from './get-status.js';

export const systemRouter = createRouter({
  getStatus: getStatusRoute,
});
