creator "me"
