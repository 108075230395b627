/// Element names of the flood XML protocol, shared by its parser and writer.
enum FloodXMLElement {
    static let request = "phone"
    static let response = "server"
    static let command = "command"
    static let body = "response"
    static let error = "error"
    static let regions = "regions", region = "region", boundaries = "boundaries", boundary = "boundary"
    static let id = "id", name = "name", northWest = "northwest", southEast = "southeast"
    static let boundaryID = "boundaryid", eventID = "eventid"
    static let events = "events", event = "event", start = "startdate", end = "enddate", type = "type"
    static let url = "url", status = "status", message = "message"
    static let marker = "marker", location = "location", observationTime = "observationtime"
    static let severity = "severity", comment = "comment", email = "email", phoneNumber = "phonenumber"
    static let coverType = "covertype", coverHeight = "coverheight", image = "image"
}
