'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { mutate } from 'swr';
import { errorMessage } from '@/components/forms/error-message';
import { fieldAria, FormField } from '@/components/forms/form-field';
import { PhotoUpload } from '@/components/forms/photo-upload';
import { apiRequest } from '@/lib/client/api';
import { reviewSchema } from '@/lib/validation/reviews';

interface ReviewFormProps {
  /** 'h1' on the public /addreview page, 'h2' inside the dashboard (whose layout holds the h1). */
  headingLevel: 'h1' | 'h2';
  userName: string;
  email: string;
  toolNames: string[];
}

const RATINGS = [0, 1, 2, 3, 4, 5];

export function ReviewForm({ headingLevel: Heading, userName, email, toolNames }: ReviewFormProps) {
  const {
    register,
    handleSubmit,
    reset,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(reviewSchema),
    mode: 'onChange',
    defaultValues: { toolName: '', userReview: '', image: '' },
  });
  const [announcement, setAnnouncement] = useState('');

  const onSubmit = handleSubmit(async ({ toolName, userReview, rating, image }) => {
    try {
      await apiRequest('POST', '/api/reviews', { toolName, userReview, rating, image });
      toast.success('You just reviewed one tool');
      setAnnouncement('You just reviewed one tool');
      reset();
      // Every mounted reviews list (home page, dashboards) refetches.
      await mutate('/api/reviews');
    } catch (error) {
      const message = errorMessage(error);
      toast.error(message);
      setAnnouncement(message);
    }
  });

  return (
    <section className="card mx-auto w-full max-w-xl bg-base-100 shadow-md">
      <form onSubmit={onSubmit} noValidate className="card-body gap-3">
        <Heading className="card-title text-2xl">Add your Reviews</Heading>
        <FormField id="review-name" label="Name">
          <input id="review-name" className="input w-full" value={userName} readOnly />
        </FormField>
        <FormField id="review-email" label="Email">
          <input id="review-email" type="email" className="input w-full" value={email} readOnly />
        </FormField>
        <FormField id="review-tool" label="Tool" error={errors.toolName?.message}>
          <select
            className="select w-full"
            {...fieldAria('review-tool', errors.toolName?.message)}
            {...register('toolName')}
          >
            {/* Naming the tool is optional (docs/PRODUCT.md, Validation). */}
            <option value="">No particular tool</option>
            {toolNames.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id="review-text" label="Review" error={errors.userReview?.message}>
          <textarea
            rows={4}
            className="textarea w-full"
            {...fieldAria('review-text', errors.userReview?.message)}
            {...register('userReview')}
          />
        </FormField>
        <FormField id="review-image" label="Image URL (optional)" error={errors.image?.message}>
          <input
            type="text"
            inputMode="url"
            className="input w-full"
            placeholder="https://… or /images/…"
            {...fieldAria('review-image', errors.image?.message)}
            {...register('image')}
          />
        </FormField>
        <PhotoUpload
          label="Or upload an image"
          onUploaded={(url) => setValue('image', url, { shouldValidate: true })}
        />
        <FormField id="review-rating" label="Rating" error={errors.rating?.message}>
          <select
            className="select w-full"
            {...fieldAria('review-rating', errors.rating?.message)}
            {...register('rating', { valueAsNumber: true })}
          >
            <option value="">Choose a rating (0 to 5)</option>
            {RATINGS.map((rating) => (
              <option key={rating} value={rating}>
                {rating}
              </option>
            ))}
          </select>
        </FormField>
        <button type="submit" className="btn btn-primary mt-2" disabled={isSubmitting}>
          {isSubmitting && (
            <span className="loading loading-spinner loading-sm" aria-hidden="true" />
          )}
          Post Your Review
        </button>
        <p aria-live="polite" className="sr-only">
          {announcement}
        </p>
      </form>
    </section>
  );
}
