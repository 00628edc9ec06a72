import { z } from 'zod';
import { imageReference, requiredMultiline, text } from './fields';

export const reviewSchema = z.object({
  // The tool name is not required (docs/PRODUCT.md, Validation); an empty one means the review names no tool.
  toolName: text('Tool name must be text')
    .trim()
    .max(120, { error: 'Must be at most 120 characters' })
    .optional()
    .nullable()
    .transform((value) => value || null),
  userReview: requiredMultiline('Review is Required', 1000),
  rating: z
    .number({ error: 'Rating is Required' })
    .int({ error: 'Rating must be a whole number from 0 to 5' })
    .min(0, { error: 'Rating must be a whole number from 0 to 5' })
    .max(5, { error: 'Rating must be a whole number from 0 to 5' }),
  image: z
    .union([z.literal(''), imageReference])
    .optional()
    .nullable()
    .transform((value) => value || null),
});
export type ReviewInput = z.input<typeof reviewSchema>;
