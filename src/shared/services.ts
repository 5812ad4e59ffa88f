import { SERVICE_ICONS } from './catalog.ts';
import { z } from './z.ts';

export const serviceSchema = z.object({
  _id: z.string(),
  service_name: z.string(),
  service_desc: z.string(),
  icon: z.enum(SERVICE_ICONS),
});
export type Service = z.infer<typeof serviceSchema>;

export const serviceListSchema = z.array(serviceSchema);
