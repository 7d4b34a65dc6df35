DROP TABLE screening_alerts;
