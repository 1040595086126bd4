module github.com/cncf/glossary

go 1.22

require (
	github.com/google/docsy v0.6.0 // indirect
	github.com/google/docsy/dependencies v0.6.0 // indirect
)
