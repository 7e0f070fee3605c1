import { createFileRoute } from '@tanstack/react-router';
import { BinnaclePage } from '../../features/binnacle/BinnaclePage';
import { validateBinnacleSearch } from '../../features/binnacle/search';

export const Route = createFileRoute('/_app/binnacle')({
  validateSearch: validateBinnacleSearch,
  component: () => <BinnaclePage />,
});
