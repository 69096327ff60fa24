import { z } from 'zod';
import { AnalystSchema, type Analyst, type AnalystCreate } from '../../../domain/analyst.ts';
import { apiGet, apiPost } from '../../data/api-client.ts';

const AnalystsAnswerSchema = z.object({ analysts: z.array(AnalystSchema) });
const AnalystAnswerSchema = z.object({ analyst: AnalystSchema });

export async function fetchAnalysts(signal: AbortSignal): Promise<Analyst[]> {
  const answer = await apiGet('/api/analysts', AnalystsAnswerSchema, { signal });
  return answer.analysts;
}

/** Creates the signed-in user's own analyst. */
export async function createAnalyst(analyst: AnalystCreate): Promise<Analyst> {
  return (await apiPost('/api/analyst', analyst, AnalystAnswerSchema)).analyst;
}

/** Creates the first analyst (an administrator); only allowed while no analyst exists. */
export async function createPrimaryAnalyst(analyst: AnalystCreate): Promise<Analyst> {
  return (await apiPost('/api/analyst/primary', analyst, AnalystAnswerSchema)).analyst;
}
