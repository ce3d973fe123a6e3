/**
 * Airplanes at Haneda and Narita: the flight model of the data bundle, the
 * flight information feeds, and the motion of each flight along its course.
 * Pure TypeScript (no DOM beyond fetch), usable in a worker and in Node.
 *
 * @module
 */
export { buildFlightModel, type FlightSource as FlightModelSource } from './build-flight-model.ts';
export { courseId, oppositeRunway, parseCourseId, runwayKey, type CourseIdParts } from './course-id.ts';
export { pointAt, poseAt, prepareCourse, type CoursePoint, type CoursePose, type PreparedCourse } from './course-geometry.ts';
export { FlightClient, FLIGHT_HOSTS, FLIGHT_MAIN_HOST, type FlightClientOptions, type FlightFailure, type FlightHostConfig, type FlightHostResult } from './flight-client.ts';
export * from './flight-model.ts';
export { courseMotion, FLIGHT_SPEEDS, flightStateAt, type CourseMotion, type FlightPhase, type FlightState } from './flight-motion.ts';
export { bareFlightId, parseFlightInformation } from './flight-parse.ts';
export { FLIGHT_TIMING, planFlights, type FlightClockMode, type FlightPlan, type PlannedFlight, type PlanOptions } from './flight-plan.ts';
export { DEFAULT_FLIGHT_INTERVAL_MS, FlightPoller, type FlightPollerOptions, type FlightSource, type FlightUpdate } from './flight-poller.ts';
export * from './flight-records.ts';
export { FlightSimulation, type ActiveFlight } from './flight-simulation.ts';
export { japanHours, japanMonth, nearestInstant, parseTimeOfDay } from './flight-time.ts';
export {
  hanedaConfigurationFromRunways,
  indexCourses,
  prevailingConfiguration,
  seasonalFlow,
  selectCourse,
  type AirportConfiguration,
  type ConfigurationOptions,
  type CourseIndex,
  type WindFlow,
} from './runway-configuration.ts';
export { FlightFeed, flightKey, IDLE_MS, packColor, parseFlightKey, type FeedScheduler } from './flight-feed.ts';
export { flightTrackingTarget, metresPerPixel, AIRCRAFT_ZOOM_OUT, type AircraftPose } from './flight-camera.ts';
export { decodeFlightModel, loadFlightModel } from './flight-model-loader.ts';
export { flightsForDayOf, PLAYBACK_REPLAN_MS } from './playback-flights.ts';
export { AIRCRAFT, AIRCRAFT_STRIDE, AIRCRAFT_WORDS, type AircraftFrame, type AircraftSource } from './aircraft-frame.ts';
