pub mod derive;
