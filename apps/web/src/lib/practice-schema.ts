/** The answer schema of `GET /practice`, in a module of its own: it loads beside the call (zod stays out of the first load). */
import { practiceSchema } from '@ferry/domain';

export const practiceOrNullSchema = practiceSchema.nullable();
