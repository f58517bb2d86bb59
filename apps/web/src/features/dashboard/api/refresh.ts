import { api } from '@insightra/contract';
import { apiRequest } from '../../../lib/api-client';

export const startRefresh = () => apiRequest(api.bi.refresh);
export const refreshStatus = (id: string) => apiRequest(api.bi.refreshStatus, { params: { id } });
