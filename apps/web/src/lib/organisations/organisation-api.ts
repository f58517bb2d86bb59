import { api } from '@insightra/contract';
import { apiRequest } from '../api-client';

/** Makes an organisation the session's active one: a fresh token and the user working there. */
export async function switchOrganisation(id: number) {
  return (await apiRequest(api.organisations.switch, { params: { id } })).data;
}

/** Creates an organisation with the caller as its owner. */
export async function createOrganisation(name: string) {
  return (await apiRequest(api.organisations.create, { body: { name: name.trim() } })).data.organisation;
}
