/* The answer schemas of the practice team calls, loaded beside the calls (zod stays out of first loads). */
import { pagedSchema, practiceSchema, teamMemberSchema } from '@ferry/domain';

export { practiceSchema, teamMemberSchema };
export const teamMembersPageSchema = pagedSchema(teamMemberSchema);
