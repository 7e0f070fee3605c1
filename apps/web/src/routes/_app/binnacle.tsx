import { createFileRoute } from '@tanstack/react-router';
import { BinnaclePage, validateBinnacleSearch } from '../../features/binnacle/BinnaclePage';

export const Route = createFileRoute('/_app/binnacle')({
  validateSearch: validateBinnacleSearch,
  component: () => <BinnaclePage />,
});
