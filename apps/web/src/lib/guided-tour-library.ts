/**
 * driver.js and the tour's styles, loaded by `useGuidedTour` only when a tour is about to start: a person
 * who has completed a page's tour never downloads them (about 7 KB compressed off the business home).
 */
import 'driver.js/dist/driver.css';
import './guided-tour.css';

export { driver } from 'driver.js';
