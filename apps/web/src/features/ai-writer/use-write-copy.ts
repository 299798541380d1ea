import { aiRoutes } from '@storecast/contract';
import { useApiMutation } from '../../shared/api/use-api-query.ts';

/**
 * Asks the server for copy (`POST /ai/write-copy`). A failure is toasted by the client (the
 * configured AI being down reads "ChatGPT service is currently unavailable…").
 */
export function useWriteCopy() {
  return useApiMutation(aiRoutes.writeCopy);
}
