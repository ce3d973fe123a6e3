/**
 * Airplanes at Haneda and Narita: the flight model of the data bundle, the
 * flight information feeds, and the motion of each flight along its course.
 * Pure TypeScript (no DOM beyond fetch), usable in a worker and in Node.
 *
 * @module
 */
export { buildFlightModel, type FlightSource as FlightModelSource } from './build-flight-model.ts';
export { oppositeRunway, parseCourseId, runwayKey } from './course-id.ts';
export { FlightClient, FLIGHT_MAIN_HOST, type FlightClientOptions, type FlightFailure } from './flight-client.ts';
export * from './flight-model.ts';
export { courseMotion, FLIGHT_SPEEDS, flightStateAt, type CourseMotion, type FlightState } from './flight-motion.ts';
export { bareFlightId, parseFlightInformation } from './flight-parse.ts';
export { FLIGHT_TIMING, planFlights, type PlannedFlight } from './flight-plan.ts';
export { FlightPoller, type FlightUpdate } from './flight-poller.ts';
export * from './flight-records.ts';
export { FlightSimulation } from './flight-simulation.ts';
export { nearestInstant, parseTimeOfDay } from './flight-time.ts';
export {
  hanedaConfigurationFromRunways,
  indexCourses,
  prevailingConfiguration,
  selectCourse,
} from './runway-configuration.ts';
