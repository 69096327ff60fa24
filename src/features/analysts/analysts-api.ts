/* The analyst calls of README "Using the API", parsed with the domain schemas the server uses. */
import { z } from 'zod';
import {
  AnalystSchema,
  GrantSchema,
  type Analyst,
  type AnalystCreate,
  type Permission,
} from '../../../domain/analyst.ts';
import { AccountSchema, type Account } from '../../../domain/user.ts';
import { apiDelete, apiGet, apiPost, apiPut } from '../../data/api-client.ts';

const AnalystsAnswerSchema = z.object({ analysts: z.array(AnalystSchema) });
const AnalystAnswerSchema = z.object({ analyst: AnalystSchema });

const AnalystDetailAnswerSchema = z.object({ analyst: AnalystSchema, grants: z.array(GrantSchema).optional() });
export type AnalystDetail = z.infer<typeof AnalystDetailAnswerSchema>;

export async function fetchAnalysts(signal: AbortSignal): Promise<Analyst[]> {
  const answer = await apiGet('/api/analysts', AnalystsAnswerSchema, { signal });
  return answer.analysts;
}

/** One analyst; for administrators also the users granted to act as it. */
export function fetchAnalyst(analystID: number, signal: AbortSignal): Promise<AnalystDetail> {
  return apiGet(`/api/analyst/${analystID}`, AnalystDetailAnswerSchema, { signal });
}

/** The signed-in user's own analyst when they have none, else a named analyst (needs write). */
export async function createAnalyst(analyst: AnalystCreate): Promise<Analyst> {
  return (await apiPost('/api/analyst', analyst, AnalystAnswerSchema)).analyst;
}

/** Creates the first analyst (an administrator); only allowed while no analyst exists. */
export async function createPrimaryAnalyst(analyst: AnalystCreate): Promise<Analyst> {
  return (await apiPost('/api/analyst/primary', analyst, AnalystAnswerSchema)).analyst;
}

export async function setAnalystPermission(analystID: number, permission: Permission): Promise<Analyst> {
  return (await apiPut(`/api/analyst/${analystID}/permission`, { permission }, AnalystAnswerSchema)).analyst;
}

/** Lets a user act as this analyst ("add analyst permission"). */
export async function grantActAs(analystID: number, userID: number): Promise<void> {
  await apiPut(`/api/analyst/${analystID}/grant/${userID}`, undefined, z.unknown());
}

/** Stops a user acting as this analyst ("remove analyst permission"). */
export async function revokeActAs(analystID: number, userID: number): Promise<void> {
  await apiDelete(`/api/analyst/${analystID}/grant/${userID}`, z.unknown());
}

/** Every account that can sign in (administrators). */
export async function fetchAccounts(signal: AbortSignal): Promise<Account[]> {
  return (await apiGet('/api/users', z.object({ users: z.array(AccountSchema) }), { signal })).users;
}
